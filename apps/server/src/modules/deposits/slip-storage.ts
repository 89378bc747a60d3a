import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where slip images live. The default keeps them in a directory outside the
 * web root; an object store (S3 and the like) can implement the same three
 * calls. Keys are content hashes, so writing the same image twice is harmless.
 */
export interface SlipStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
}

const KEY_PATTERN = /^[a-f0-9]{64}\.(png|jpg)$/;

export class DirectorySlipStorage implements SlipStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error('slip storage keys are content hashes');
    // Two levels of fan-out keep any one directory small.
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // Write beside, then rename: a reader never sees half a file, even if the process dies mid-write.
    // Each write has its own temporary name: concurrent uploads of one image must not rename each other's file away.
    const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(temporary, target);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
}

/** The storage key of an image: its SHA-256 and the extension of its type. */
export function slipKey(sha256: string, contentType: 'image/png' | 'image/jpeg'): string {
  return `${sha256}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
}
