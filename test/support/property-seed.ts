// Property tests are deterministic: one seed for every fast-check run, fixed unless FC_SEED is set (to explore new
// seeds locally: `FC_SEED=random npm test`, or a number to replay one). fast-check prints the seed and the path of a
// failure, and the line below names the seed the whole run used, so any failure can be replayed.
import fc from 'fast-check';

const FIXED_SEED = 20261126;

function chooseSeed(): number {
  const given = process.env['FC_SEED'];
  if (given === undefined || given === '') return FIXED_SEED;
  if (given === 'random') return Math.floor(Math.random() * 0x7fffffff);
  const seed = Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED=${given}: give an integer, or "random"`);
  return seed;
}

export const PROPERTY_SEED = chooseSeed();
fc.configureGlobal({ seed: PROPERTY_SEED });
if (PROPERTY_SEED !== FIXED_SEED)
  console.log(`fast-check seed ${PROPERTY_SEED} (replay with FC_SEED=${PROPERTY_SEED})`);
