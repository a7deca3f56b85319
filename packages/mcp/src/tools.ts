// The MCP tools: each a JSON Schema input (from zod) and a description written for a model, over the GameTable.
// A refused action is an ordinary answer (the game is unchanged, legal actions attached); a call the model must
// correct (unknown game id, bad seed, no server) is a tool error with a sentence saying what to do.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type GameTable, RULE_SECTIONS, type TableResult } from './table.ts';

/** Tool results are compact JSON text: the size an agent pays for each call (see bench/sizes.bench.ts). */
export function toToolResult(result: TableResult): CallToolResult {
  if (!result.ok) return { isError: true, content: [{ type: 'text', text: result.error }] };
  return { content: [{ type: 'text', text: JSON.stringify(result.data) }] };
}

const gameId = z.string().describe('The id new_game returned, e.g. "g_…".');

/** Registers every tool on `server` for one session (`owner`), in the order a model meets them. */
export function registerTools(server: McpServer, table: GameTable, owner: string, slugs: readonly string[]): void {
  registerGameTools(server, table, owner, slugs);
  registerPlayTools(server, table, owner);
  registerScorecardTools(server, table, owner);
}

/** Finding a game and starting one: list_games, rules, new_game. */
function registerGameTools(server: McpServer, table: GameTable, owner: string, slugs: readonly string[]): void {
  const slug = z.string().describe(`The game: ${slugs.join(', ')}.`);
  server.registerTool(
    'list_games',
    { title: 'List games', description: 'The games you can play here, one line each. Start here.', inputSchema: {} },
    async () => toToolResult(table.listGames()),
  );
  server.registerTool(
    'rules',
    {
      title: 'Rules',
      description:
        'How to play a game. Without section: how to play in a few sentences, the scoring and the action JSON shape. Sections: goal, scoring, rules (the full document), actions (the action grammar), decisions (how the engine settles open points), legend (symbols of the full picture).',
      inputSchema: { game: slug, section: z.enum(RULE_SECTIONS).optional() },
    },
    async ({ game, section }) => toToolResult(table.rules(game, section)),
  );
  server.registerTool(
    'new_game',
    {
      title: 'New game',
      description:
        'Starts a game and returns its id and first view: a small text picture, the score, and the legal actions in a compact form. Keep the id; send it with every act. Same seed, same game.',
      inputSchema: {
        game: slug,
        seed: z.number().int().optional().describe('Optional integer seed (wrapped to 32 bits); random when absent.'),
        challenge: z
          .string()
          .optional()
          .describe("A challenge set id (e.g. season-2): the seed must be one of the set's, and act keeps you within its budget."),
      },
    },
    async ({ game, seed, challenge }) => toToolResult(await table.newGame(owner, game, seed, challenge)),
  );
}

/** Playing a started game: act, view, legal_actions, verify. */
function registerPlayTools(server: McpServer, table: GameTable, owner: string): void {
  server.registerTool(
    'act',
    {
      title: 'Act',
      description:
        'Takes one action in a game and returns the next view with what the action did under "last". An illegal action is refused with its reason, changes nothing, and the answer lists what is legal. Actions are JSON objects, e.g. {"type":"breathe"}; see rules section actions.',
      inputSchema: {
        gameId,
        action: z.record(z.string(), z.unknown()).describe("One action object of the game's grammar, e.g. one of the answer's actions."),
        usage: z
          .object({ input: z.number().optional(), output: z.number().optional(), cost: z.number().optional() })
          .optional()
          .describe(
            'Optional: what deciding this action cost you (tokens in and out, cost); kept in the episode record and summed on a scorecard.',
          ),
      },
    },
    async ({ gameId: id, action, usage }) => toToolResult(await table.act(owner, id, action, usage)),
  );
  server.registerTool(
    'view',
    {
      title: 'View',
      description: 'The current view of a game. With full=true: the whole state, the full observation and the exact legal action list.',
      inputSchema: { gameId, full: z.boolean().optional() },
    },
    async ({ gameId: id, full }) => toToolResult(await table.view(owner, id, full ?? false)),
  );
  server.registerTool(
    'legal_actions',
    { title: 'Legal actions', description: 'The exact list of actions the engine accepts now, as JSON objects.', inputSchema: { gameId } },
    async ({ gameId: id }) => toToolResult(await table.legalActions(owner, id)),
  );
  server.registerTool(
    'verify',
    {
      title: 'Verify',
      description: 'Replays the game from its seed and your actions and returns the proven score and state hash.',
      inputSchema: { gameId },
    },
    async ({ gameId: id }) => toToolResult(await table.verify(owner, id)),
  );
}

/** The leaderboard and evaluations: submit_run, open_scorecard, close_scorecard. */
function registerScorecardTools(server: McpServer, table: GameTable, owner: string): void {
  server.registerTool(
    'submit_run',
    {
      title: 'Submit run',
      description:
        'Puts the game on the leaderboard after the server replays it (with its episode record). The first run under a player name claims it and returns a playerKey once: keep it and pass it as the key argument for later runs under that name. agent is free text (model, harness, version). With scorecard (from open_scorecard) the run joins that scorecard as the next attempt of its seed; inside a scorecard a run identical to an earlier one counts and is disclosed. Outside a scorecard, a run identical to one another player submitted first is an error: it is theirs and counts nothing.',
      inputSchema: {
        gameId,
        player: z.string().describe('Player name: 2-24 letters, digits, - or _.'),
        agent: z.string().optional(),
        notes: z.string().optional(),
        key: z.string().optional().describe('The playerKey the first run (or scorecard) under this name returned.'),
        scorecard: z.string().optional().describe('The scorecardId open_scorecard returned.'),
      },
    },
    async ({ gameId: id, player, agent, notes, key, scorecard }) =>
      toToolResult(await table.submitRun(owner, id, { player, agent, notes, key, scorecard })),
  );
  server.registerTool(
    'open_scorecard',
    {
      title: 'Open scorecard',
      description:
        'Opens a scorecard: one evaluation of a model on a challenge set (default the current season). Returns its scorecardId and, per game, the seeds to play and the budget. Play each seed with new_game { game, seed, challenge }, submit each run with submit_run { scorecard }, then close_scorecard. A new player name returns a playerKey once: pass it as the key argument from then on.',
      inputSchema: {
        player: z.string().describe('Player name: 2-24 letters, digits, - or _.'),
        challenge: z.string().optional().describe('The set id, e.g. season-2.'),
        model: z.string().optional().describe('The model evaluated (its board row).'),
        agent: z.string().optional().describe('The agent or harness and its version.'),
        prompt: z.string().optional().describe('The prompt version.'),
        attempts: z
          .number()
          .int()
          .min(1)
          .max(10)
          .optional()
          .describe('How many times each seed is played (default 1); a seed scores the mean of its attempts.'),
        key: z.string().optional().describe('The playerKey of a name claimed before.'),
      },
    },
    async (args) => toToolResult(await table.openScorecard(args)),
  );
  server.registerTool(
    'close_scorecard',
    {
      title: 'Close scorecard',
      description:
        'Closes a scorecard (no more runs) and returns its progress per game (0-100 against the shipped random and strong bots, with a 95% interval and how many seeds were played). Closed scorecards are ranked on the challenge board.',
      inputSchema: {
        scorecardId: z.string().describe('The id open_scorecard returned (sc_...).'),
        player: z.string().describe('The player who opened it.'),
        key: z.string().optional().describe("The player's playerKey."),
      },
    },
    async (args) => toToolResult(await table.closeScorecard(args)),
  );
}
