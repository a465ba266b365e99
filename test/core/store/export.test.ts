import { PassThrough, Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportAudit, StoreInputError, type OpenStore } from '../../../main/core/store/index.js';
import { csvCell } from '../../../main/core/store/csv.js';
import { approved, request, tempStore, verdict } from './fixtures.js';

let store: OpenStore;
let cleanup: () => void;
beforeEach(() => ({ store, cleanup } = tempStore()));
afterEach(() => cleanup());

/** Collects what an export writes. */
function sink(): { out: PassThrough; text: () => string } {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  return { out, text: () => Buffer.concat(parts).toString('utf8') };
}

/** A strict RFC 4180 reader (quoted fields, doubled quotes, CRLF records), to check what the exporter wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') (cell += '"'), (i += 2);
        else if (text[i] === '"') break;
        else if (i >= text.length) throw new Error('unterminated quote');
        else cell += text[i++];
      }
      i++;
    } else if (text[i] === ',') (row.push(cell), (cell = ''), i++);
    else if (text.startsWith('\r\n', i)) (row.push(cell), rows.push(row), (row = []), (cell = ''), (i += 2));
    else if (text[i] === '\n' || text[i] === '\r') throw new Error(`bare line break at ${i}`);
    else cell += text[i++];
  }
  if (cell !== '' || row.length > 0) throw new Error('last record has no CRLF');
  return rows;
}

describe('csv cells', () => {
  it.each<[unknown, string]>([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rhere', '"cr\rhere"'],
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['héllo ✓ 日本', 'héllo ✓ 日本'],
    [null, ''],
    [42, '42'],
    [{ a: 'b,c' }, '"{""a"":""b,c""}"'],
  ])('%j → %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('exportAudit', () => {
  const tricky = ['echo "a, b"', 'printf "line1\nline2"', '=cmd|\' /C calc\'!A0', '@SUM(1+1)', '-rf', 'écho ✓ 日本語 🚀'];

  beforeEach(() => {
    for (const command of tricky) {
      const r = request({ args: { command } });
      store.insertRequest(r, verdict('ask', ['reason, with "quotes"']));
      store.recordDecision(r.id, approved());
    }
  });

  it('writes RFC 4180 CSV with a header, CRLF records and neutralised formulas', async () => {
    const { out, text } = sink();
    expect(await exportAudit(store, {}, 'csv', out)).toBe(tricky.length);
    const rows = parseCsv(text());
    expect(rows[0]![0]).toBe('seq');
    const summaryCol = rows[0]!.indexOf('summary');
    const summaries = rows.slice(1).map((r) => r[summaryCol]);
    expect(summaries).toEqual(['echo "a, b"', 'printf "line1 line2"', "'=cmd|' /C calc'!A0", "'@SUM(1+1)", "'-rf", 'écho ✓ 日本語 🚀']);
    const argsCol = rows[0]!.indexOf('args');
    expect(JSON.parse(rows[2]![argsCol]!)).toEqual({ command: 'printf "line1\nline2"' });
    expect(rows.slice(1).every((r) => r.length === rows[0]!.length)).toBe(true);
  });

  it('names the subagent that asked in the last column, empty for a main-thread call, as its JSON', async () => {
    const child = request({ args: { command: 'rm -rf build' }, subagent: { id: 'a1b2', type: 'general-purpose' } });
    const hostile = request({ args: { command: 'ls' }, subagent: { id: '=HYPERLINK("http://evil","x")', type: '+1' } });
    for (const r of [child, hostile]) store.insertRequest(r, verdict());
    const { out, text } = sink();
    await exportAudit(store, {}, 'csv', out);
    const rows = parseCsv(text());
    expect(rows[0]!.at(-1)).toBe('subagent');
    const byId = new Map(rows.slice(1).map((r) => [r[rows[0]!.indexOf('id')], r.at(-1)]));
    expect(JSON.parse(byId.get(child.id)!)).toEqual({ id: 'a1b2', type: 'general-purpose' });
    expect(JSON.parse(byId.get(hostile.id)!)).toEqual({ id: '=HYPERLINK("http://evil","x")', type: '+1' });
    expect(rows.slice(1, 1 + tricky.length).map((r) => r.at(-1))).toEqual(tricky.map(() => ''));
    expect(rows.slice(1).every((r) => r.length === rows[0]!.length)).toBe(true);
  });

  it('writes a valid JSON array (and [] when nothing matches)', async () => {
    const a = sink();
    await exportAudit(store, {}, 'json', a.out);
    const parsed = JSON.parse(a.text()) as Array<{ args: { command: string } }>;
    expect(parsed.map((e) => e.args.command)).toEqual(tricky);
    const b = sink();
    expect(await exportAudit(store, { agent: 'nobody' }, 'json', b.out)).toBe(0);
    expect(JSON.parse(b.text())).toEqual([]);
  });

  it('writes one JSON object per line for NDJSON, honouring filters', async () => {
    const { out, text } = sink();
    expect(await exportAudit(store, { q: 'printf' }, 'ndjson', out)).toBe(1);
    const lines = text().split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((l) => (JSON.parse(l) as { summary: string }).summary)).toEqual(['printf "line1 line2"']);
  });

  it('writes each NDJSON record exactly as the API returns the entry', async () => {
    const odd = request({
      args: { '10': 'x', '2': ['y', null, 1.5e-7, -0, 12345678901234567890], b: { 'é': '✓', nl: 'a\nb\tc\u0001' } },
      description: 'quote " and \\ backslash',
      session_id: null,
      cwd: null,
    });
    store.insertRequest(odd, { decision: 'deny', reasons: ['a', 'b'], risks: [{ flag: 'destructive', reason: 'rm', range: { start: 0, end: 2 } }] });
    store.recordDecision(odd.id, approved({ status: 'denied', reason: 'no', updated_args: { '1': 1, a: 2 }, latency_ms: 0.25 }));
    const { out, text } = sink();
    await exportAudit(store, {}, 'ndjson', out);
    const records = text().trimEnd().split('\n').map((l) => JSON.parse(l) as { id: string });
    expect(records).toHaveLength(tricky.length + 1);
    for (const r of records) expect(r).toStrictEqual(JSON.parse(JSON.stringify(store.getAuditEntry(r.id))));
    expect(Object.keys(records.at(-1)!)).toEqual(Object.keys(store.getAuditEntry(odd.id)!));
  });

  it('waits for a slow destination (backpressure) and reports progress', async () => {
    for (let i = 0; i < 3000; i++) store.insertRequest(request({ args: { command: `echo ${'x'.repeat(50)} ${i}` } }), verdict());
    let written = 0;
    let maxBuffered = 0;
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, cb) {
        written += chunk.length;
        maxBuffered = Math.max(maxBuffered, slow.writableLength);
        setTimeout(cb, 1);
      },
    });
    const progress: number[] = [];
    const rows = await exportAudit(store, {}, 'ndjson', slow, (n) => progress.push(n));
    expect(rows).toBe(3006);
    expect(progress.at(-1)).toBe(3006);
    expect(progress.length).toBeGreaterThan(3);
    expect(maxBuffered).toBeLessThan(200 * 1024);
    expect(written).toBeGreaterThan(3000 * 60);
  });

  it('fails instead of hanging when the destination closes mid-export', async () => {
    for (let i = 0; i < 3000; i++) store.insertRequest(request({ args: { command: `echo ${'y'.repeat(80)}` } }), verdict());
    const dead = new Writable({ highWaterMark: 1024, write: (_c, _e, cb) => setTimeout(cb, 5) });
    setTimeout(() => dead.destroy(), 20);
    await expect(exportAudit(store, {}, 'csv', dead)).rejects.toThrow(/closed before the export finished/);
  });

  it('refuses an unknown format or filter before writing anything', async () => {
    const { out, text } = sink();
    await expect(exportAudit(store, {}, 'xml' as never, out)).rejects.toThrow(StoreInputError);
    await expect(exportAudit(store, { status: 'nope' as never }, 'csv', out)).rejects.toThrow(StoreInputError);
    expect(text()).toBe('');
  });
});
