// Every point the design document leaves open or states two ways, and the rule this engine applies.
import type { Decision } from '@hearth/engine';

export const DECISIONS: Decision[] = [
  {
    topic: 'order within a turn',
    decision:
      'A turn resolves in this order: (1) the MOVE relocates its cat; (2) settled: the moved cat becomes 0, every other cat on the roster adds 1; (3) dogs: every cat on or orthogonally adjacent to a dog standing on its tile for this turn gets settled 0; (4) warmth: each cat, in id order, earns with its settled and its pile as they are after steps 2 and 3; (5) bowls serving this turn are resolved against the cats where they stand after the move; (6) turn + 1, and after the last turn of the day the quota decides sunset or the end of the run.',
  },
  {
    topic: 'turn numbering',
    decision:
      'Turns of a day count from 0: state.turn is the number of turns already resolved today and the turn being played is turn number state.turn. The band covers line floor(turn / bandDwell); bowls[i].serveTurn, layout.clouds and the dog formula loop[(turn * dogSpeed) % loop.length] all use this same 0-based turn. The dog shown in the observation is where it stands for the turn about to be played. observation.turn is this same 0-based number (the first turn of a day is turn 0, the last dayLength - 1), as are observation.clouds and every serveTurn; adapters show it as it is.',
  },
  {
    topic: 'arrival turn and settled',
    decision:
      'The turn a cat moves does not count: its settled is 0 at the end of that turn, so it earns nothing. Its first resting turn makes settled 1 (tier 1). settled is counted whether or not the cat is lit, so a cat parked where the band will arrive is already high in the table when the light reaches it.',
  },
  {
    topic: 'pile timing and dog resets',
    decision:
      "The pile uses every neighbour's settled after this turn's increment and dog resets. A cat that moved this turn or was reset by a dog this turn has settled 0: it earns nothing and does not count as a pile neighbour on that turn.",
  },
  {
    topic: 'the hearth',
    decision:
      'The hearth is a floor tile on an edge of the room, never on the window wall. While the turn is not a cloud turn it is warm and counts as a tile that earns. Its cap is 6 when the band really lights it (inside the band, not shaded, on the lattice parity from day 16) and 3 otherwise, including when the band is on its line but it is shaded or off the lattice. On a cloud turn it is cold and earns nothing.',
  },
  {
    topic: 'band width and direction',
    decision:
      'The band is one line wide: on turn t it covers line floor(t / bandDwell), 7 lines per day, so a day is 21 turns (dwell 3, days 1-11) or 14 turns (dwell 2, from day 12). North window: line k is column k (west to east). South window: line k is column 6 - k (east to west). East window: line k is row k (top to bottom). West window: line k is row 6 - k (bottom to top).',
  },
  {
    topic: 'shade',
    decision:
      'A tile is shaded when a furniture piece stands 1 to shade tiles away from it in the direction of the window wall (north: rows above, south: rows below, east: columns to the right, west: columns to the left). Furniture tiles are never lit. Cats cast no shade and dogs do not block moves.',
  },
  {
    topic: 'bowl chain order',
    decision:
      'Rises then pays: a covered bowl first raises the chain by one (cap 8) and then pays 30 * chain raw cosy, so the first bowl of a fresh chain pays 30 and a chain at the cap pays 240 per bowl. A bowl award goes through the day multiplier like any raw cosy and rounds on its own.',
  },
  {
    topic: 'two-mat serves',
    decision:
      'From day 15 the 2nd, 4th and 6th serve of a day cover two mats (two entries of state.bowls with the same serveTurn, in mat order). Each covered bowl is eaten (chain rises and pays, in mat order); an uncovered bowl of the pair is marked missed. The chain returns to 0 only when a serve finds no cat on any of its mats.',
  },
  {
    topic: 'dayCosyRaw, bowls and dayPar',
    decision:
      "state.dayCosyRaw counts every raw cosy award of the day: warmth and bowls. dayPar is in the same raw units: the reference policy's dayCosyRaw over the whole day played from the freshly generated room with the chain at 0 (so dayPar does not depend on the player's history). The reference policy values every bowl by the chain today's serves alone have built (as if the day had opened at chain 0, exactly as in the dayPar run), never by a chain carried in: so in a run it makes the dayPar run's decisions on every day, eats the same bowls at a chain at least as high, and its raw cosy is never below dayPar — it meets its own quota on every day it plays (the document: dayPar is \"a reference policy's honest score for this exact room\"). The day bonus is not raw cosy and is never in either.",
  },
  {
    topic: 'countdowns',
    decision:
      'A waiting bowl is counting down when serveTurn - turn <= 3; every serveTurn is at least 3 so each countdown is visible from the start of the day. The bowl serves as turn serveTurn resolves, so a cat must end that turn on the mat.',
  },
  {
    topic: 'DOZE stop tests',
    decision: `DOZE resolves one REST, then tests, in this order, looking back at the turn t it just resolved and ahead at the next turn n = t + 1: a bowl served on t; a bowl whose countdown starts on n (serveTurn = n + 3); a dog that on n will be on or next to any cat; any cat whose earning cap on its tile is lower on n than on t (lit 6 to unlit 0; the hearth lit by the band, cap 6, to the hearth out of the band, cap 3; the warm hearth 3 to a cold one) — the document's "a lit cat is about to fall out of the light", read with its own definitions: "A tile is lit when it is inside the band, the turn is not a cloud turn, no furniture stands between it and the window ...", so the hearth out of the band is only warm ("its purr tier is CAPPED AT 3 unless the band is actually on the hearth"), and a hearth cat the band leaves falls out of the light; cloud on t differs from cloud on n. It stops after the REST on the first test that fires, after 4 RESTs, or when the day is over; the tests are never run before the first REST, so DOZE always spends at least one turn. DOZE is exactly that many RESTs.`,
  },
  {
    topic: 'roster, big cat and start tiles',
    decision:
      'Roster: 2 cats on days 1-3, 3 on days 4-6, 4 on days 7-9, 5 from day 10 (ids 0..n-1, ranges 3, 2, 4, 3, 2 by id). Exactly one cat of the roster is big, drawn each day. Every day the cats start on fresh tiles drawn from the floor (not furniture, not the hearth) with settled 0; positions and settled do not carry over, the chain and the score do.',
  },
  {
    topic: 'quota timing',
    decision:
      'The quota is checked once, as the last turn of the day resolves: meeting it earlier does not end the day, and the remaining turns keep earning. dayCosyRaw >= dayQuota at that moment reaches sunset and pays the day bonus; otherwise the run ends (outcome quota_missed) with every point kept.',
  },
  {
    topic: 'END_RUN outcomes',
    decision:
      'END_RUN at sunset records outcome "win"; during a running day "good_game"; a missed quota "quota_missed". The score is never reduced. Once the run is over no action is legal (legalActions is empty and every action is refused with run_over).',
  },
  {
    topic: 'MOVE legality',
    decision:
      "A MOVE goes 1..range tiles along the cat's row or column; every tile passed and the destination must be free of furniture and of other cats. Dogs, mats and the hearth never block. Refusals: cat_not_on_roster, not_a_move (same tile), not_in_line, out_of_range, path_blocked, tile_is_furniture, tile_occupied; other refusals: day_not_over (NEXT_DAY while the day runs), at_sunset (MOVE/REST/DOZE at sunset), run_over, unknown_action (not in the grammar, extra fields included), invalid_state.",
  },
  {
    topic: 'extra fields',
    decision: 'An action with any field the grammar does not list is refused as unknown_action (additionalProperties: false).',
  },
  {
    topic: 'the last reachable day',
    decision:
      'The document says "There is no last day", and nothing ends a run that keeps meeting its quotas. Reaching day d needs every day bonus of days 1..d-1 (min(100 * day, 3000) each; the score never falls), and the score is an exact JSON integer only up to 2^53 - 1, so no run reaches a day after 3,002,399,751,595: a state of a later day is refused as invalid_state at once. The random cursor is kept modulo 2^32, as the stream reads its index, so it never bounds the day.',
  },
  {
    topic: 'reachability bounds on incoming states',
    decision:
      "A state is refused as invalid_state, naming the field, when its numbers are beyond what its own counters allow: score outside [the day bonuses of days 1..day-1 (plus today's at sunset or after a win), the most those days and today's turns can pay]; dayCosyRaw above turn times the most one turn earns; chain not what today's serves since the last uncovered one fed (or outside [today's eaten bowls, all bowls served so far], capped at 8); settled above turn; two cats that moved today sharing a settled on a day without dogs; a cat with settled = turn (it has not moved today) off its start tile. The authenticated (trusted) path skips all of it.",
  },
  {
    topic: 'the random cursor and the stateToken',
    decision:
      'state.rng = { seed, cursor } is the only hidden part: the day stream of @hearth/rng is read from the cursor when a day is generated and the cursor moves past the draws used, so it advances only on init and NEXT_DAY. The token seals the whole state; the readable state beside it is everything but rng. A state is refused as invalid_state unless its room, bowl schedule, big cat, cursor, dayPar and quota are exactly those the seed generates for its day.',
  },
  {
    topic: 'no lit tile',
    decision: 'A room may have a day whose par is low (clouds, shade); the quota is then low too. A quota of 0 is met by any play.',
  },
];
