// A password reset with a dead link is refused before the new password is hashed: junk tokens cost a read,
// not an scrypt hash (which takes a hashing slot that sign-ins wait for). A live link still hashes and works.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox, users } from '../../server/db/schema';
import { startServer } from './harness';

const hashing = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../server/security/password', async (original) => {
  const actual = await original<typeof import('../../server/security/password')>();
  return {
    ...actual,
    hashPassword: async (password: string) => {
      hashing.calls += 1;
      return actual.hashPassword(password);
    },
  };
});

let server: Awaited<ReturnType<typeof startServer>>;
let demoUuid: string;
const reset = `mutation ($u: ID!, $t: String!, $p: String!) { resetPassword(whitelabel_uuid: $u, email: "demo@example.com", token: $t, password: $p) { status } }`;

beforeAll(async () => {
  server = await startServer();
  demoUuid = (await server.gql(`{ whiteLabel(source: "localhost") { uuid } }`)).data.whiteLabel.uuid;
});
afterAll(() => server?.close());

describe('password reset cost', () => {
  it('refuses junk tokens without hashing, and hashes once for a live link', async () => {
    const [demo] = await server.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'demo@example.com'));
    try {
      hashing.calls = 0;
      for (const token of ['x'.repeat(43), 'y'.repeat(43), 'a-junk-token-long-enough-to-be-valid']) {
        const answer = await server.gql(reset, { u: demoUuid, t: token, p: 'Changed123' });
        expect(answer.errors?.[0]?.extensions?.reason, JSON.stringify(answer)).toBe('InvalidLink');
      }
      expect(hashing.calls).toBe(0);

      await server.gql(`mutation ($u: ID!) { forgotPassword(whitelabel_uuid: $u, email: "demo@example.com") { status } }`, {
        u: demoUuid,
      });
      const [mail] = await server.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'demo@example.com'))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      const token = /\/newpassword\/([\w-]+)\?/.exec(mail!.text)![1]!;
      expect((await server.gql(reset, { u: demoUuid, t: token, p: 'Changed123' })).data.resetPassword.status).toBe('success');
      expect(hashing.calls).toBe(1);
      // Spent: the second use is a dead link again, refused before hashing.
      expect((await server.gql(reset, { u: demoUuid, t: token, p: 'Changed456' })).errors?.[0]?.extensions?.reason).toBe(
        'InvalidLink',
      );
      expect(hashing.calls).toBe(1);
    } finally {
      await server.db.update(users).set({ passwordHash: demo!.passwordHash }).where(eq(users.email, 'demo@example.com'));
    }
  });
});
