import { readdirSync } from 'node:fs';
import { REWARD_IMAGE_BYTES_MAX } from '@app/contracts/limits';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditList, call } from '../support/admin.ts';
import { newOperator, operatorAuth, type TestOperator } from '../support/money.ts';
import { rewardImageDir, type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
let operator: TestOperator;
let admin: TestOperator;
beforeAll(async () => {
  t = await testApp();
  operator = await newOperator(t, 'operator');
  admin = await newOperator(t, 'admin');
});

let colour = 0;
/** A small image of its own colour, so each test uploads bytes no other test did. */
async function image(format: 'png' | 'jpeg'): Promise<Buffer> {
  colour += 1;
  const background = { r: (colour * 37) % 256, g: (colour * 91) % 256, b: (process.pid + colour) % 256 };
  const picture = sharp({ create: { width: 12, height: 8, channels: 3, background } });
  return format === 'png' ? picture.png().toBuffer() : picture.jpeg().toBuffer();
}

/** POSTs the upload form as the back office does: multipart with one `image` file. */
function upload(
  auth: Record<string, string>,
  bytes: Buffer | undefined,
  options: { fileName?: string; contentType?: string; field?: string } = {},
) {
  const form = new FormData();
  if (bytes) {
    form.append(
      options.field ?? 'image',
      new Blob([new Uint8Array(bytes)], { type: options.contentType ?? 'image/png' }),
      options.fileName ?? 'reward.png',
    );
  }
  return t.app.inject({ method: 'POST', url: ADMIN_PATHS.rewardImage, headers: auth, payload: form });
}

const storedFiles = () => readdirSync(rewardImageDir()).sort();

function expectJsonError(response: Awaited<ReturnType<typeof upload>>, status: number, errorCode: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toMatchObject({ success: false, status, data: { errorCode } });
}

describe('deliverable 6: reward images (admin upload, served at /images/reward/<name>)', () => {
  it('is for admins only: an operator gets 403, no credentials 401, and nothing is stored', async () => {
    const before = storedFiles();
    expectJsonError(await upload(operatorAuth(operator), await image('png')), 403, 'FORBIDDEN');
    expectJsonError(await upload({}, await image('png')), 401, 'UNAUTHORIZED');
    expect(storedFiles()).toEqual(before);
  });

  it('a PNG is stored under its content hash and served at /images/reward/<name> with the image cache headers', async () => {
    const bytes = await image('png');
    const response = await upload(operatorAuth(admin), bytes, { fileName: 'My Prize.PNG' });
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json().data;
    expect(imageUrl).toMatch(/^[a-f0-9]{64}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: `/images/reward/${imageUrl}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=604800');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('a JPEG is accepted the same way (.jpg), and the same bytes twice give the same name', async () => {
    const bytes = await image('jpeg');
    const first = await upload(operatorAuth(admin), bytes, { fileName: 'photo.jpeg', contentType: 'image/jpeg' });
    const second = await upload(operatorAuth(admin), bytes, { fileName: 'again.jpg', contentType: 'image/jpeg' });
    expect(first.statusCode).toBe(200);
    const { imageUrl } = first.json().data;
    expect(imageUrl).toMatch(/^[a-f0-9]{64}\.jpg$/);
    expect(second.json().data.imageUrl).toBe(imageUrl);
    const served = await t.app.inject({ method: 'GET', url: `/images/reward/${imageUrl}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('the type is told by the bytes, not the name: a PNG named prize.txt is stored as .png', async () => {
    const response = await upload(operatorAuth(admin), await image('png'), {
      fileName: 'prize.txt',
      contentType: 'text/plain',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.imageUrl).toMatch(/\.png$/);
  });

  it('an uploaded name makes a reward the players see; the bundled images are still served', async () => {
    const { imageUrl } = (await upload(operatorAuth(admin), await image('png'))).json().data;
    const created = await call(t.app, operatorAuth(admin), 'POST', ADMIN_PATHS.rewards, {
      name: `Uploaded prize ${colour}`,
      imageUrl,
      active: true,
      sortOrder: 999,
    });
    expect(created.statusCode).toBe(200);
    const rewards = (await t.app.inject({ method: 'GET', url: API_PATHS.rewards })).json().data;
    expect(rewards).toContainEqual(expect.objectContaining({ imageUrl }));
    const bundled = await t.app.inject({ method: 'GET', url: '/images/reward/earbuds.png' });
    expect(bundled.statusCode).toBe(200);
    expect(bundled.headers['content-type']).toBe('image/png');
    // The database is shared by every test file: hide the reward again, so that the players' list is the seeded one.
    const hidden = await call(
      t.app,
      operatorAuth(admin),
      'PATCH',
      fillPath(ADMIN_PATHS.reward, { id: created.json().data.id }),
      {
        active: false,
      },
    );
    expect(hidden.statusCode).toBe(200);
  });

  it('a text file named .png, SVG, HTML and a PNG signature without an image are refused 400 JSON; nothing is stored', async () => {
    const before = storedFiles();
    const fakes: [string, Buffer][] = [
      ['prize.png', Buffer.from('just some text, not an image\n')],
      [
        'prize.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'),
      ],
      ['prize.png', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>')],
      ['prize.html', Buffer.from('<!doctype html><script>alert(1)</script>')],
      [
        'prize.png',
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html>')]),
      ],
    ];
    for (const [fileName, bytes] of fakes) {
      const response = await upload(operatorAuth(admin), bytes, { fileName, contentType: 'image/png' });
      expectJsonError(response, 400, 'VALIDATION_ERROR');
      expect(response.json().message, fileName).toBe('The image must be a JPG or PNG.');
    }
    expect(storedFiles()).toEqual(before);
  });

  it(`a file over ${REWARD_IMAGE_BYTES_MAX / 1024 / 1024} MB is refused 413 JSON; nothing is stored`, async () => {
    const before = storedFiles();
    const png = await image('png');
    const oversize = Buffer.concat([png, Buffer.alloc(REWARD_IMAGE_BYTES_MAX + 1 - png.length)]);
    const response = await upload(operatorAuth(admin), oversize);
    expectJsonError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(response.json().message).toBe('The image is too large. The limit is 2 MB.');
    expect(storedFiles()).toEqual(before);
  });

  it('a file name with a path in it is refused 400 JSON, and so are path tricks on the image address', async () => {
    const before = storedFiles();
    for (const fileName of ['../../evil.png', '..\\evil.png', 'a/b.png']) {
      expectJsonError(await upload(operatorAuth(admin), await image('png'), { fileName }), 400, 'VALIDATION_ERROR');
    }
    expect(storedFiles()).toEqual(before);
    for (const url of [
      '/images/reward/../../../package.json',
      '/images/reward/..%2F..%2F..%2Fpackage.json',
      '/images/reward/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/images/reward/nope.png',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.body, url).not.toContain('"name"');
    }
  });

  it('a form without the image is refused 400, a JSON body 415', async () => {
    expectJsonError(await upload(operatorAuth(admin), undefined), 400, 'VALIDATION_ERROR');
    expectJsonError(
      await upload(operatorAuth(admin), await image('png'), { field: 'picture' }),
      400,
      'VALIDATION_ERROR',
    );
    const json = await call(t.app, operatorAuth(admin), 'POST', ADMIN_PATHS.rewardImage, { image: 'x.png' });
    expectJsonError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('every upload is audited: who uploaded which image', async () => {
    const { imageUrl } = (await upload(operatorAuth(admin), await image('jpeg'), { contentType: 'image/jpeg' })).json()
      .data;
    const audit = await auditList(t.app, { action: 'reward_image.upload', targetId: imageUrl });
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      actor: admin.username,
      targetType: 'reward_image',
      targetId: imageUrl,
      after: { imageUrl, contentType: 'image/jpeg' },
    });
  });
});
