// The shared transport cases (@hearth/client/cases) over the CLI's JSON pipe: every game a `hearth play --json`
// child of the built binary, verify through `hearth verify --json`.
import { fileURLToPath } from 'node:url';
import { transportCases } from '@hearth/client/cases';
import { pipeTransport } from '@hearth/client/pipe';
import { registry } from '@hearth/games';

const BIN = fileURLToPath(new URL('../dist/hearth.mjs', import.meta.url));

transportCases({
  name: 'pipe',
  transport: () => pipeTransport({ command: [process.execPath, BIN] }),
  slugs: registry.slugs,
  timeoutMs: 120_000,
});
