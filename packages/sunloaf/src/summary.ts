// How to play, in a player's words (spec.summary): what the web and terminal show before the full rules.
export const SUMMARY: string[] = [
  'A band of sunlight slides across the room, one line at a time; a cat earns only on a turn it did not move and ends on a lit tile, or on the warm hearth, which earns less unless the sun is on it.',
  'The longer a cat stays put, the bigger its purr (1, 2, 3, 5, 7, then 10 a turn), and sleeping neighbours make it cosier still, so moving a cat costs its whole nap: wake the one worth waking.',
  'Each day asks for a quota of cosiness by the time the light has crossed the room; meet it and the next day pays more but brings more furniture, shade, clouds, bowls and dogs; miss it and the run ends with every point kept.',
  'Have a cat standing on a mat when its bowl serves to eat it and grow the bonus chain; a serve nobody covers resets the chain, and a passing dog wakes every cat on or beside its tile.',
  'Rest spends one turn, doze up to four (it stops as soon as something happens), and ending the run, legal on every turn, keeps everything you earned.',
];
