import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { depositPlayer, entriesOf } from '../support/deposits.ts';
import { newOperator, operatorAuth, type TestOperator, uploadSlip } from '../support/money.ts';
import { blankImage } from '../support/slips.ts';
import { type TestContext, testApp } from '../support/test-app.ts';

/**
 * An id in a path or a query string is decimal digits only: one entry has one
 * address. Before, `POST /admin/deposits/0x10/approve` approved deposit 16.
 */

let t: TestContext;
let operator: TestOperator;
beforeAll(async () => {
  t = await testApp();
  operator = await newOperator(t, 'admin');
});

/** Other spellings of the number n that a lenient number parser reads as n. */
function otherSpellings(n: number): string[] {
  return [
    `0x${n.toString(16)}`,
    `0o${n.toString(8)}`,
    `0b${n.toString(2)}`,
    `0${n}`,
    `+${n}`,
    `${n}.0`,
    `${n}e0`,
    `%20${n}`,
    `${n}%20`,
    ...(n % 10 === 0 ? [`${n / 10}e1`] : []),
  ];
}

describe('ids in paths and query strings are decimal digits only', () => {
  it('POST /admin/deposits/<id>/approve with the id as hex, octal, binary, signed, zero-padded, decimal or exponent is 400 and approves nothing; the plain id approves it', async () => {
    const player = await depositPlayer(t);
    const uploaded = await uploadSlip(t.app, player.token, { amount: '160', image: await blankImage() });
    const id: number = uploaded.json().data.entry.id;
    for (const spelling of otherSpellings(id)) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/admin/deposits/${spelling}/approve`,
        headers: operatorAuth(operator),
        payload: {},
      });
      expect(response.statusCode, spelling).toBe(400);
      expect(response.json().data.errorCode, spelling).toBe('VALIDATION_ERROR');
    }
    expect(await entriesOf(t, player.id)).toEqual([expect.objectContaining({ id, status: 'WAITING' })]);
    const approved = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.depositApprove, { id }),
      headers: operatorAuth(operator),
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('the same holds for every kind of id: a player, an operator, a query’s playerId', async () => {
    const player = await depositPlayer(t);
    for (const spelling of otherSpellings(player.id)) {
      const detail = await t.app.inject({
        method: 'GET',
        url: `/admin/players/${spelling}`,
        headers: operatorAuth(operator),
      });
      expect(detail.statusCode, spelling).toBe(400);
      const queue = await t.app.inject({
        method: 'GET',
        url: `${ADMIN_PATHS.deposits}?playerId=${spelling}`,
        headers: operatorAuth(operator),
      });
      expect(queue.statusCode, spelling).toBe(400);
    }
    const plain = await t.app.inject({
      method: 'GET',
      url: fillPath(ADMIN_PATHS.player, { id: player.id }),
      headers: operatorAuth(operator),
    });
    expect(plain.statusCode).toBe(200);
    const operatorPatch = await t.app.inject({
      method: 'PATCH',
      url: `/admin/operators/0x${operator.id.toString(16)}`,
      headers: operatorAuth(operator),
      payload: { displayName: 'renamed through hex' },
    });
    expect(operatorPatch.statusCode).toBe(400);
  });

  it('an id in a JSON body is a number, not a text read as one', async () => {
    const player = await depositPlayer(t);
    const response = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.bankTransferAssign, { id: 1 }),
      headers: operatorAuth(operator),
      payload: { playerId: `${player.id}`, reason: 'a text id' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toHaveProperty('playerId');
  });
});
