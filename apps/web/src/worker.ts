// The Web Worker: the registry, the games' WASM and every engine call live here, so the page never blocks.
import { registry } from '@hearth/games';
import { expose } from 'comlink';
import { createEngineService } from './engine-service.ts';

expose(createEngineService(registry));
