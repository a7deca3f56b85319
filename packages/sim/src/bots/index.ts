// Per-game bots and stats, registered by slug (the simulator never imports a game package).
import './cragwake.ts';
import './lantern-volley.ts';
import './stormlark.ts';
import './sunloaf.ts';
