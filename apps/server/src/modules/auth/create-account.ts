import {
  DEFAULT_MAX_TOKENS,
  DEFAULT_PLAN,
  DEFAULT_TEMPERATURE,
  type InterfaceLanguage,
} from '@doppel/contracts';
import { subscriptions, userSettings, users, type DbOrTx } from '@doppel/db';

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

function addDays(date: Date, days: number): string {
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
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
  await tx.insert(userSettings).values({
    userId,
    language: account.language,
    notifications: { email: true, push: false, telegram: false, whatsapp: false },
    aiPreferences: {
      defaultModel: null,
      temperature: DEFAULT_TEMPERATURE,
      maxTokens: DEFAULT_MAX_TOKENS,
      replyInContactLanguage: true,
      showTranslateOption: true,
    },
    updatedAt: account.now,
  });
  await tx.insert(subscriptions).values({
    userId,
    ...DEFAULT_PLAN,
    status: 'active',
    nextBillingDate: addDays(account.now, 30),
    paymentMethod: account.paymentMethod,
    createdAt: account.now,
    updatedAt: account.now,
  });
  return userId;
}
