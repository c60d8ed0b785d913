// What the reports module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /**
     * A moderator settled the open reports of one target (in its transaction): `action`
     * remove or dismiss, `reason` the code of the report they acted on, `reporterIds`
     * whose reports were settled, `targetUserId` the content's author (or the reported
     * user). `removed` is true when this settlement deleted the content (false when it
     * was dismissed, or already gone).
     */
    'report.resolved': {
      targetType: 'post' | 'comment' | 'user';
      targetId: number;
      targetUserId: number;
      action: 'remove' | 'dismiss';
      reason: string;
      reporterIds: number[];
      removed: boolean;
    };
  }
}

export {};
