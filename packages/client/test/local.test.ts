// The shared transport cases against the engine in this process, over every registered game.
import { registry } from '@hearth/games';
import { localTransport } from '../src/index.ts';
import { transportCases } from './cases.ts';

transportCases({ name: 'local', transport: () => localTransport(registry), slugs: registry.slugs });
