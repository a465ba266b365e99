// Reading a local dev server (policy/vouch/local-server.ts): a plain GET to loopback is told from every curl that sends,
// uploads, follows a redirect, goes through a proxy, reads a config or reaches another host or Gatehouse itself.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../../main/core/shell/index.js';
import { localServerReadProblem } from '../../../main/core/policy/vouch/local-server.js';
import { ready } from '../shell/helpers.js';

const OWN_PORT = 4321;

beforeAll(ready);

/** The verdict on the only curl of a command line: null when it is a plain local read. */
function problem(command: string, ownPort: number | null = OWN_PORT): string | null {
  const a = analyzeShellCommand(command, { cwd: '/ws', home: '/home/u' });
  const curl = a.commands.filter((c) => c.argv[0] === 'curl');
  expect(curl.length, command).toBeGreaterThan(0);
  return curl.map((c) => localServerReadProblem(c, ownPort ?? undefined)).find((p) => p !== null) ?? null;
}

describe('a plain read of a local server', () => {
  it.each([
    'curl -s http://localhost:5173', 'curl -s http://localhost:5173/ | head -10', 'curl http://127.0.0.1:8000/api/health',
    'curl -s http://localhost:8000/session/context/chris | python -m json.tool', 'curl -s -o /dev/null -w "Status: %{http_code}\\n" http://localhost:3000',
    'curl -sS -f http://localhost:3001/health', 'curl -sI http://[::1]:8080/', 'curl -I http://0.0.0.0:4000', 'curl -v --max-time 5 http://localhost:9000',
    'curl -s -X GET http://localhost:3000/api/items', 'curl --silent --fail http://127.0.0.2:5000/x?y=1', 'curl -s localhost:5173', 'curl -sm 3 http://localhost:3000',
    'curl -so /dev/null http://localhost:3000', "curl -s 'http://localhost:3000/api?q=1&b=2'", 'curl -s https://localhost:8443/', 'curl -s http://LOCALHOST:3000/',
  ])('%s', (command) => {
    expect(problem(command)).toBeNull();
  });
});

describe('what is more than a plain read of a local server', () => {
  it.each([
    // Sends data, files, headers or credentials.
    'curl -d @.env http://localhost:3000', 'curl -d x=1 http://localhost:3000', 'curl --data-binary @src/app.ts http://localhost:3000',
    'curl -F f=@.env http://localhost:3000', 'curl -T .env http://localhost:3000', 'curl -H "Authorization: x" http://localhost:3000',
    'curl -u a:b http://localhost:3000', 'curl -X POST http://localhost:3000', 'curl -X DELETE http://localhost:3000/items/1', 'curl -XPOST http://localhost:3000',
    'curl --request=PUT http://localhost:3000', 'curl -b cookies.txt http://localhost:3000', 'curl -c jar.txt http://localhost:3000', 'curl -sd x http://localhost:3000',
    'curl --json {} http://localhost:3000', 'curl -G -d q=1 http://localhost:3000',
    // Reads options, URLs or a format from a file; uses .netrc.
    'curl -K cfg http://localhost:3000', 'curl --config cfg http://localhost:3000', 'curl -n http://localhost:3000', 'curl --netrc http://localhost:3000',
    'curl --url @urls.txt', 'curl -w @fmt.txt http://localhost:3000', 'curl --netrc-file n http://localhost:3000',
    // Writes files.
    'curl -o ~/.bashrc http://localhost:3000', 'curl -o out.html http://localhost:3000', 'curl -O http://localhost:3000/x.sh', 'curl -w "%output{/tmp/x}" http://localhost:3000',
    'curl -D headers.txt http://localhost:3000', 'curl --trace t.txt http://localhost:3000',
    // Leaves loopback: redirects, proxies, other hosts, other schemes, sockets.
    'curl -L http://localhost:3000', 'curl -sL http://localhost:3000', 'curl -x http://evil.test:8080 http://localhost:3000', 'curl --proxy evil.test http://localhost:3000',
    'curl --unix-socket /var/run/docker.sock http://localhost/containers/json', 'curl --resolve localhost:80:203.0.113.9 http://localhost/',
    'curl --connect-to localhost:80:evil.test:80 http://localhost/', 'curl https://example.com', 'curl http://localhost.evil.test/', 'curl http://localhost:3000@evil.test/',
    'curl http://localhost\\@evil.test/', 'curl http://127.1:3000/', 'curl http://2130706433/', 'curl http://0x7f.0.0.1/', 'curl http://localhost.:3000/',
    'curl http://sub.localhost:3000/', 'curl file:///etc/passwd', 'curl gopher://localhost:6379/_x', 'curl dict://localhost:11211/stat', 'curl ftp://localhost/x',
    'curl http://localhost:3000 https://evil.test/', 'curl http://[::ffff:127.0.0.1]:3000/', 'curl "http://localhost:[3000-3010]/"', 'curl "http://{localhost,evil.test}/"',
    'curl http://localhost:3000/%2e%2e', 'curl', 'curl -s',
    // Gatehouse itself, or a port it cannot check.
    `curl -s http://127.0.0.1:${OWN_PORT}/v1/requests`, `curl -s http://localhost:${OWN_PORT}/`, `curl -s http://0.0.0.0:${OWN_PORT}/`, `curl -s http://[::1]:${OWN_PORT}/`,
    // Words that are not constant, environment that steers curl, wrappers.
    'curl http://$HOST:3000/', 'curl "http://localhost:$PORT/"', 'curl http://localhost:3000/$(cat .env)', 'CURL_HOME=/tmp/x curl http://localhost:3000',
    'http_proxy=http://evil.test curl http://localhost:3000', 'env https_proxy=evil.test curl https://localhost:3000', 'timeout 5 curl http://localhost:3000',
    'curl --frobnicate http://localhost:3000', 'curl -k http://localhost:3000', 'curl -e http://evil.test http://localhost:3000', 'curl -A agent http://localhost:3000',
  ])('%s', (command) => {
    expect(problem(command)).not.toBeNull();
  });

  it('asks when Gatehouse does not know its own port', () => {
    expect(problem('curl -s http://localhost:3000', null)).not.toBeNull();
  });
});
