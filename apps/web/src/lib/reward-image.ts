/** Spec §2: reward images are served at /images/reward/{imageUrl} (promotion images too). */
export function rewardImageUrl(imageUrl: string): string {
  return `/images/reward/${encodeURIComponent(imageUrl)}`;
}
