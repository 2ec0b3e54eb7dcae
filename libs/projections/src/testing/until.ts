/** Polls `check` every `everyMs` until it holds, or fails naming `what` after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 90_000, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
