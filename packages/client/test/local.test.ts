// The shared transport cases against the engine in this process, over every registered game.
import { registry } from '@hearth/games';
import { transportCases } from './cases.ts';
import { localTransport } from '../src/index.ts';

transportCases({ name: 'local', transport: () => localTransport(registry), slugs: registry.slugs });
