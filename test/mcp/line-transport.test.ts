// The proxy's line transport towards the agent, on real streams: messages split or joined across chunks arrive whole,
// a line that is not JSON or not JSON-RPC gets the JSON-RPC error saying so (never silence), a broken response is not
// answered, and what it sends is one JSON line per message.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineServerTransport } from '../../main/core/mcp/line-transport.js';

async function open(): Promise<{ input: PassThrough; received: unknown[]; answers(): unknown[]; errors: string[]; transport: LineServerTransport }> {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineServerTransport(input, output);
  const received: unknown[] = [];
  const errors: string[] = [];
  let written = '';
  output.on('data', (c: Buffer) => (written += c.toString('utf8')));
  transport.onmessage = (m) => received.push(m);
  transport.onerror = (e) => errors.push(e.message);
  await transport.start();
  const answers = () => written.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
  return { input, received, answers, errors, transport };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('LineServerTransport', () => {
  it('delivers messages split across chunks, several in one chunk, with CRLF, and multi-byte characters cut in two', async () => {
    const t = await open();
    const call = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"é"}}\r\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    const cut = call.indexOf(0xc3) + 1; // inside the two bytes of é
    t.input.write(call.subarray(0, cut));
    t.input.write(call.subarray(cut));
    await tick();
    expect(t.received).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'é' } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]);
    expect(t.answers()).toEqual([]);
  });

  it.each([
    ['not json', null, -32700, /Parse error/],
    ['[1,2]', null, -32600, /JSON object/],
    ['{"id":3,"method":"tools/call"}', 3, -32600, /jsonrpc must be "2.0"/],
    ['{"jsonrpc":"2.0","id":{"x":1},"method":"tools/call"}', null, -32600, /id must be/],
    ['{"jsonrpc":"2.0","id":4,"method":7}', 4, -32600, /method must be a string/],
    ['{"jsonrpc":"2.0","id":5}', 5, -32600, /result or an error/],
  ])('answers %s with a JSON-RPC error and delivers nothing', async (line, id, code, message) => {
    const t = await open();
    t.input.write(`${line}\n`);
    await tick();
    expect(t.received).toEqual([]);
    expect(t.answers()).toEqual([{ jsonrpc: '2.0', id, error: { code, message: expect.stringMatching(message) } }]);
  });

  it('does not answer a broken response (an answer to it could be answered back forever)', async () => {
    const t = await open();
    t.input.write('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"your line was bad"}}\n');
    await tick();
    expect(t.received).toEqual([]);
    expect(t.answers()).toEqual([]);
    expect(t.errors).toEqual([expect.stringContaining('Invalid response')]);
  });

  it('sends one JSON line per message and stops reading once closed', async () => {
    const t = await open();
    let closed = false;
    t.transport.onclose = () => (closed = true);
    await t.transport.send({ jsonrpc: '2.0', id: 'a', result: { ok: true } });
    await t.transport.close();
    t.input.write('{"jsonrpc":"2.0","method":"late"}\n');
    await tick();
    expect(t.answers()).toEqual([{ jsonrpc: '2.0', id: 'a', result: { ok: true } }]);
    expect(t.received).toEqual([]);
    expect(closed).toBe(true);
  });
});
