// hearth sim ...: the simulator lives in @hearth/sim; it is loaded only when asked for.
export async function sim(_argv: readonly string[]): Promise<number> {
  process.stderr.write('hearth sim: this build has no simulator (packages/sim had not landed when it was built).\n');
  return 1;
}
