/** The shareable address of an invite code: `${publicUrl}/invite/${code}`. */
export function inviteLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/invite/${encodeURIComponent(code)}`;
}
