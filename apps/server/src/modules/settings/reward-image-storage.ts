import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the reward images admins upload live. The default is one flat
 * directory (REWARD_IMAGE_DIR) that the server also serves under
 * /images/reward/; an object store can implement the same call. Names are
 * content hashes, so storing the same image twice is harmless.
 */
export interface RewardImageStorage {
  put(name: string, bytes: Buffer): Promise<void>;
}

/** A stored name: a SHA-256 in hex and the extension of the detected type. Nothing else can reach the disk. */
export const REWARD_IMAGE_NAME = /^[a-f0-9]{64}\.(png|jpg)$/;

export class DirectoryRewardImageStorage implements RewardImageStorage {
  constructor(private readonly root: string) {}

  async put(name: string, bytes: Buffer): Promise<void> {
    if (!REWARD_IMAGE_NAME.test(name)) throw new Error('reward image names are content hashes');
    // Flat, not fanned out like slips: the static route maps /images/reward/<name> straight to a file here.
    const target = path.join(this.root, name);
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    // Write beside, then rename: the static route never serves half a file. Each write has its own temporary name.
    const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(temporary, target);
  }
}

/** The stored name of an image: its SHA-256 and the extension of its type. */
export function rewardImageName(sha256: string, contentType: 'image/png' | 'image/jpeg'): string {
  return `${sha256}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
}
