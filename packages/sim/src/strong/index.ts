// Per-game strong bots register themselves here by slug (never by importing a game package).
export {};
