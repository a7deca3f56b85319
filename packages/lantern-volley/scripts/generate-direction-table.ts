// Writes assembly/direction-table.ts. Run once; the output is checked in and verified by a test.
import { writeFileSync } from 'node:fs';
import { directionTableSource } from './direction-table-source.ts';

const target = new URL('../assembly/direction-table.ts', import.meta.url);
writeFileSync(target, directionTableSource());
console.log(`wrote ${target.pathname}`);
