// The design document's Goal, Scoring and Rules sections and its action grammar, verbatim.
// Source: shared/seeds/004_7d486cb1e2a3629d.txt (Sunloaf).

export const GOAL =
  "A cat in Sunloaf earns nothing by acting: it earns only while it stays exactly where it is, asleep on a lit tile, and moving a cat resets that cat's purr to nothing, so the scoring move is usually to leave the cats alone and the hard question is which one is worth waking. You get one action per turn in a 7 by 7 room while a band of sunlight slides steadily across it, and a cat only earns on a turn it ended without moving and stood in the light. A day is one full traverse of the room, 21 turns on day 1 and 14 turns from day 12. Reach the day's cosy quota before the light runs out and you earn the next day, which pays a larger multiplier and hands you a harder room: more furniture, longer shade, clouds, a lattice window, more food to cover and a friendly dog on patrol. There is no last day and no timer. A run ends when a day's quota is missed, or when you send END_RUN, which is legal on every single turn and keeps everything earned so far. Nothing in this game ever takes a point back, so the only question is how long you can keep the purring going.";

export const SCORING =
  "Higher is better, and the score only ever goes up: no action subtracts, a missed quota keeps every point already earned, and END_RUN keeps them too. Each cat is scored on its own at the end of every turn. A cat on a tile that is not lit earns nothing at all. A cat on a lit tile earns floor(10 * purr[tier] * (4 + pile) / 4) raw cosy, where purr is the fixed table [0, 1, 2, 3, 5, 7, 10] indexed by tier, tier is min(settled, cap) with cap 6 on a normal lit tile and 3 on the hearth whenever the hearth is warm without being in the sunbeam, settled is the number of consecutive turns that cat has ended without moving, and pile is the number of orthogonally neighbouring cats whose settled is at least 1, counting a big cat as 2 and capped at 6. Raw cosy becomes score at the day multiplier, round(raw * mult / 100), where mult is 100 on day 1 and rises by 35 every day to a ceiling of 1200, so the same unbroken nap is worth 12 times as much once the ceiling is reached. Each award rounds on its own, at the moment it is earned. A bowl eaten while the chain stands at n pays 30 * n raw cosy; the chain rises by one for every bowl a cat is standing on when it serves, caps at 8, carries across days, and returns to zero the moment a serve resolves with no cat on the mat. Completing a day pays a flat min(100 * day, 3000), which is never multiplied. state.dayCosyRaw is the raw cosy earned so far today and state.dayQuota is what today needs: the quota is ceil(dayPar * ratio / 10000), where dayPar is a reference policy's honest score for this exact room and ratio is 1000 on day 1, 1500 on day 2 and then 320 more each day to a ceiling of 9500, expressed in ten thousandths. Meet the quota as the last turn of the day resolves and you reach sunset with the day bonus paid; miss it and the run ends with everything you earned still yours.";

export const RULES =
  'ONE ACTION PER TURN. You send exactly one action and the world then advances: { "type": "MOVE", "cat": id, "tile": index } moves one cat and spends the turn, { "type": "REST" } spends one turn and moves nobody, { "type": "DOZE" } spends up to 4 turns at once, { "type": "NEXT_DAY" } opens the next day and is legal only at sunset, and { "type": "END_RUN" } stops the run. The room is 7 by 7, a tile index is row * 7 + column with row 0 at the top, so indices run 0 to 48; cat ids run 0 to 4, a run opens with 2 cats and the roster grows to 5. WARMTH IS EARNED ONLY BY A CAT THAT DID NOT MOVE THIS TURN AND IS STANDING ON A LIT TILE: moving a cat sets its settled to 0 as the turn resolves, so the cat you moved earns nothing this turn and begins the table again from the bottom, while every cat you left alone adds one to its settled. THE PURR TABLE IS FIXED at [0, 1, 2, 3, 5, 7, 10] and indexed by tier, so tier 6 is worth 10 where tier 1 is worth 1, and a nap that reaches the top of the table is worth more than several short ones. THE BAND SLIDES ON A CLOCK: it covers whole columns when the window is on the north or south wall and whole rows when it is on the east or west wall, and it steps one line further every bandDwell turns, which is 3 turns on days 1 to 11 and 2 from day 12; it starts at line 0 and the day ends once it has crossed all 7 lines. A tile is lit when it is inside the band, the turn is not a cloud turn, no furniture stands between it and the window inside the day\'s shade length, and, from day 16, its column plus row matches the lattice parity. PILE NEIGHBOURS NEED settled OF AT LEAST 1 BUT DO NOT NEED LIGHT: a cat asleep in the shade beside a lit cat earns nothing itself and still raises its neighbour\'s warmth, which is why a cushion cat parked in the dark is often the best move on the board. THE HEARTH IS ALWAYS WARM while the sky is clear, so a cat there earns even when the band is far away, but its purr tier is CAPPED AT 3 unless the band is actually on the hearth: it is a reliable floor and never the best tile. BOWLS SERVE ON A PUBLISHED SCHEDULE: every entry in state.bowls carries its mat and its serveTurn, a mat begins counting down 3 turns before its serve, and from day 15 every second serve of the day covers two mats at once. If a cat is standing on the mat when the serve resolves the bowl is eaten and the chain rises and pays; if nobody is there THE CHAIN RESETS TO ZERO. Eating costs no turn and does not touch the eater\'s settled. DOGS RESET settled BY ADJACENCY: from day 6 a friendly dog walks a fixed closed loop, one step per turn and two steps per turn from day 24, with a second dog from day 20, and any cat on or orthogonally adjacent to a dog as the turn resolves has its settled set back to 0. The loops are in state.layout.dogLoops and a dog stands on loop[(turn * dogSpeed) % loop.length], so every visit is computable turns ahead. REST IS ALWAYS LEGAL while the day is running, so there is no stuck position anywhere in this game. DOZE IS EXACTLY A RUN OF RESTS and never adds power: it repeats the same single turn step up to 4 times and stops early the moment a bowl serves or starts its countdown, a dog comes within reach of a cat, a lit cat is about to fall out of the light, or a cloud begins or ends. END_RUN IS LEGAL ON EVERY TURN of a running day and at sunset, and it banks everything: ending at sunset is recorded as a win and ending mid day as a good game, and neither takes a point back. MOVING: a MOVE travels along a row or a column only, never diagonally, up to that cat\'s range (state.cats[i].range, 3 or 2 or 4 or 3 or 2), and may neither cross nor land on furniture or another cat. An action that breaks any rule comes back as { ok: false, reason, legalActions } with the state untouched and the turn unspent, so a refused action costs nothing; getLegalActions lists exactly what is legal right now, MOVEs first in cat then tile order. AT SUNSET the only actions are NEXT_DAY and END_RUN. NOTHING IS HIDDEN: the state you hold is the entire game apart from the random cursor, and that cursor advances only when a new day is generated, so every future band position, every serve turn and every dog step is computable from what you can already see.';

export const ACTION_GRAMMAR = {
  type: 'object',
  oneOf: [
    {
      type: 'object',
      properties: {
        type: {
          const: 'MOVE',
          description:
            "Move one cat along a row or a column, up to its range, spending the turn. The moved cat's settled resets to 0, so it earns nothing this turn.",
        },
        cat: {
          type: 'integer',
          minimum: 0,
          maximum: 4,
          description: 'The id of the cat to move, 0 to 4. It must be on the roster of the current day.',
        },
        tile: {
          type: 'integer',
          minimum: 0,
          maximum: 48,
          description:
            'The destination tile, 0 to 48, where index = row * 7 + column and row 0 is the top. It must share a row or a column with the cat, be within its range, and the path must be clear of furniture and of other cats.',
        },
      },
      required: ['type', 'cat', 'tile'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        type: {
          const: 'REST',
          description:
            'Spend one turn without moving anybody. Always legal while the day is running, and every settled cat adds one to its streak.',
        },
      },
      required: ['type'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        type: {
          const: 'DOZE',
          description:
            'Spend up to 4 turns at once, stopping early on a bowl, a dog near a cat, a lit cat about to lose the light, or a cloud starting or ending. Exactly equal to the same number of RESTs.',
        },
      },
      required: ['type'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        type: {
          const: 'NEXT_DAY',
          description: "Open the next day. Legal only at sunset, which is reached by meeting the day's cosy quota.",
        },
      },
      required: ['type'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        type: {
          const: 'END_RUN',
          description: 'Stop the run and keep every point earned. Legal on every turn of a running day and at sunset.',
        },
      },
      required: ['type'],
      additionalProperties: false,
    },
  ],
};
