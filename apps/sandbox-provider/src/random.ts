import { createHash } from 'node:crypto';

/**
 * A reproducible number in [0, 1) for a seed and a label: the same inputs
 * always give the same number, so game outcomes can be replayed.
 */
export function seededFraction(seed: string, label: string): number {
  const digest = createHash('sha256').update(`${seed}:${label}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}
