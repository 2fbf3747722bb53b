import type { InterfaceLanguage } from '@doppel/contracts';
import { users, type DbOrTx } from '@doppel/db';
import { createDefaultSettings } from '../settings';
import { startPlan } from '../subscription';

export interface NewAccount {
  email: string;
  fullName: string | null;
  passwordHash: string | null;
  language: InterfaceLanguage;
  emailVerifiedAt: Date | null;
  demoExpiresAt: Date | null;
  /** Sample billing details, shown only in demo sandboxes. */
  paymentMethod: string | null;
  now: Date;
}

/** Creates a user with its settings and plan rows in one transaction. */
export async function createAccount(tx: DbOrTx, account: NewAccount): Promise<string> {
  const [user] = await tx
    .insert(users)
    .values({
      email: account.email,
      fullName: account.fullName,
      passwordHash: account.passwordHash,
      emailVerifiedAt: account.emailVerifiedAt,
      isDemo: account.demoExpiresAt !== null,
      demoExpiresAt: account.demoExpiresAt,
      createdAt: account.now,
      updatedAt: account.now,
    })
    .returning({ id: users.id });
  const userId = user!.id;
  await createDefaultSettings(tx, userId, account.language, account.now);
  await startPlan(
    tx,
    userId,
    { isDemo: account.demoExpiresAt !== null, samplePaymentMethod: account.paymentMethod },
    account.now,
  );
  return userId;
}
