// The builds the sandbox plays and the behaviours that change between them (the documents' version table).

/** The build played when none is given. */
export const DEFAULT_BUILD = '26.1.5940.0';

/** Whether `build` is `than` or later, compared part by part as numbers (`26.1.5940.0` after `26.1.5910.3`). */
function buildAtLeast(build: string, than: string): boolean {
  const a = build.split('.').map(Number);
  const b = than.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

/** From 26.1.5940.0 a request without `Accept: application/json` is answered in XML; before, with an empty 500. */
export const answersXmlWithoutAccept = (build: string): boolean => buildAtLeast(build, '26.1.5940.0');

/** A transaction `Status` other than `New`: 400 from 26.1.5940.0; a NullReferenceException 500 before. */
export const refusesStatusWith400 = (build: string): boolean => buildAtLeast(build, '26.1.5940.0');

/**
 * Up to 26.1.5910.3 (25.2 included) a session left behind (a ghost) holds the user's place: creating another answers
 * 409 `Session already exists.` and 500 in turn until the session that holds it is deleted by its own token.
 */
export const playsGhostSessions = (build: string): boolean => !buildAtLeast(build, '26.1.5940.0');
