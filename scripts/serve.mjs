// A tiny static server for the built app (apps/web/dist): what `npm start`
// serves and what the e2e tests load. It exists so that serving needs
// nothing beyond Node and so that MIME types are certain (.wasm must be
// application/wasm for streaming compilation, .mjs must be JavaScript).
//
//   node scripts/serve.mjs [DIR] [--host 127.0.0.1] [--port 4173] [--strict-port]
//
// --port 0 takes any free port. Without --strict-port a busy port falls back
// to a free one. Prints "serving DIR at URL" once listening; unknown paths
// without a file extension get index.html (client-side routes).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.fio': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

function parseArgs(argv) {
  const options = { dir: 'apps/web/dist', host: '127.0.0.1', port: 4173, strictPort: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--host') options.host = argv[++i];
    else if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--strict-port') options.strictPort = true;
    else if (arg.startsWith('--')) throw new Error(`serve.mjs: unknown option ${arg}`);
    else options.dir = arg;
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    throw new Error('serve.mjs: --port needs a number from 0 to 65535');
  }
  return options;
}

async function fileFor(root, urlPath) {
  let relative;
  try {
    relative = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  const candidate = path.resolve(root, '.' + path.posix.normalize(relative));
  // Never serve outside the root, whatever the URL says.
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return null;
  const info = await stat(candidate).catch(() => null);
  if (info?.isFile()) return candidate;
  if (info?.isDirectory()) {
    const index = path.join(candidate, 'index.html');
    if ((await stat(index).catch(() => null))?.isFile()) return index;
  }
  // A client-side route (no extension) is the app itself.
  if (path.extname(candidate) === '') return path.join(root, 'index.html');
  return null;
}

function listen(server, host, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

const options = parseArgs(process.argv.slice(2));
const root = path.resolve(options.dir);
if (!(await stat(path.join(root, 'index.html')).catch(() => null))) {
  console.error(`serve.mjs: ${root}/index.html not found: build the app first`);
  process.exit(1);
}

const server = createServer(async (request, response) => {
  const file = await fileFor(root, request.url ?? '/');
  if (!file) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('not found\n');
    return;
  }
  const type = MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  // Hashed asset names change with their content; everything else is
  // revalidated so a rebuild shows at once.
  const cache = request.url?.startsWith('/assets/')
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
  response.writeHead(200, { 'Content-Type': type, 'Cache-Control': cache });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
});

let port;
try {
  port = await listen(server, options.host, options.port);
} catch (error) {
  if (error.code !== 'EADDRINUSE' || options.strictPort) throw error;
  console.error(`serve.mjs: port ${options.port} is busy, taking a free one`);
  port = await listen(server, options.host, 0);
}
const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
const shownDir = path.relative(process.cwd(), root);
console.log(
  `serving ${shownDir.startsWith('..') ? root : shownDir || '.'} at http://${shownHost}:${port}/`,
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  // Browsers hold keep-alive connections open; don't wait for them.
  process.on(signal, () => process.exit(0));
}
