// What the payments module announces (see platform/events.ts). The module owning the
// order reacts in the settling transaction, so the order and what it grants commit with
// the payment or not at all.

declare module '../../platform/events.ts' {
  interface AppEvents {
    /**
     * Attempt `paymentId` of order `orderRef` (a `purpose` order) was paid `amountFen`
     * through `provider`: the first and only time for this order (others are closed).
     */
    'payment.paid': {
      paymentId: number;
      purpose: string;
      orderRef: number;
      userId: number;
      amountFen: number;
      provider: string;
      paidAt: string;
    };
    /** The order's last open attempt failed at the provider (the payer's 支付失败). */
    'payment.failed': { paymentId: number; purpose: string; orderRef: number; userId: number };
  }
}

export {};
