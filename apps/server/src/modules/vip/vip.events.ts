// What the vip module announces (see platform/events.ts); the notify module tells the
// member after commit.

declare module '../../platform/events.ts' {
  interface AppEvents {
    /** `userId`'s order `orderNo` was paid: the membership runs until `until` (ISO; lifetime: null). */
    'vip.granted': { userId: number; orderNo: string; planName: string; until: string | null; renewal: boolean };
    /**
     * Auto-renew of `userId` a few days before `expiresAt`: `reminder` (the provider cannot
     * charge without the payer: a pay link to `orderNo`), or `failed` (the charge failed;
     * auto-renew is now off).
     */
    'vip.renewal': {
      userId: number;
      orderNo: string;
      outcome: 'reminder' | 'failed';
      expiresAt: string;
      amount: string;
    };
  }
}

export {};
