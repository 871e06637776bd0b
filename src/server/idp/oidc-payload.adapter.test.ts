import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../db/database.ts';
import { openTestDatabase } from '../db/test-database.ts';
import { createOidcPayloadAdapter, purgeExpiredOidcPayloads } from './oidc-payload.adapter.ts';

let database: PortalDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('oidc_payloads adapter', () => {
  it('stores, replaces and finds payloads per model kind', async () => {
    const adapterFor = createOidcPayloadAdapter(database.db);
    const grants = adapterFor('Grant');
    await grants.upsert('g1', { accountId: 'user-admin', clientId: 'fleet-portal' }, 60);
    await grants.upsert('g1', { accountId: 'user-admin', clientId: 'fleet-portal', jti: 'g1' }, 60);
    await expect(grants.find('g1')).resolves.toEqual({ accountId: 'user-admin', clientId: 'fleet-portal', jti: 'g1' });
    await expect(adapterFor('Session').find('g1')).resolves.toBeUndefined();
    await grants.destroy('g1');
    await expect(grants.find('g1')).resolves.toBeUndefined();
  });

  it('finds sessions by uid and device codes by user code', async () => {
    const adapterFor = createOidcPayloadAdapter(database.db);
    await adapterFor('Session').upsert('s1', { uid: 'uid-1', accountId: 'user-admin' }, 60);
    await expect(adapterFor('Session').findByUid('uid-1')).resolves.toMatchObject({ accountId: 'user-admin' });
    await adapterFor('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    await expect(adapterFor('DeviceCode').findByUserCode('ABCD-EFGH')).resolves.toEqual({ userCode: 'ABCD-EFGH' });
  });

  it('marks consumed tokens and keeps them consumed when saved again', async () => {
    const codes = createOidcPayloadAdapter(database.db)('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g2' }, 60);
    await expect(codes.find('c1')).resolves.toEqual({ grantId: 'g2' });
    await codes.consume('c1');
    await expect(codes.find('c1')).resolves.toEqual({ grantId: 'g2', consumed: expect.any(Number) });
    await codes.upsert('c1', { grantId: 'g2' }, 60);
    await expect(codes.find('c1')).resolves.toMatchObject({ consumed: expect.any(Number) });
  });

  it('revokes the tokens of a grant, one model kind at a time', async () => {
    const adapterFor = createOidcPayloadAdapter(database.db);
    await adapterFor('AccessToken').upsert('a1', { grantId: 'g3' }, 60);
    await adapterFor('RefreshToken').upsert('r1', { grantId: 'g3' }, 60);
    await adapterFor('RefreshToken').upsert('r2', { grantId: 'other' }, 60);
    await adapterFor('RefreshToken').revokeByGrantId('g3');
    await expect(adapterFor('RefreshToken').find('r1')).resolves.toBeUndefined();
    await expect(adapterFor('RefreshToken').find('r2')).resolves.toEqual({ grantId: 'other' });
    await expect(adapterFor('AccessToken').find('a1')).resolves.toEqual({ grantId: 'g3' });
  });

  it('ignores expired payloads and purges them', async () => {
    const adapterFor = createOidcPayloadAdapter(database.db);
    await adapterFor('Interaction').upsert('i1', { uid: 'x' }, -1);
    await adapterFor('Interaction').upsert('i2', { uid: 'y' });
    await expect(adapterFor('Interaction').find('i1')).resolves.toBeUndefined();
    await expect(adapterFor('Interaction').find('i2')).resolves.toEqual({ uid: 'y' });
    await purgeExpiredOidcPayloads(database.db);
    const ids = await database.db.selectFrom('oidc_payloads').select('id').where('kind', '=', 'Interaction').execute();
    expect(ids.map((row) => row.id)).toEqual(['i2']);
  });
});
