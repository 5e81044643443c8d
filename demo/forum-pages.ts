// Placeholder: the forum helper replaces this with the real demo forum pages.
export const FORUM_ENGINES = ['xenforo', 'discourse', 'phpbb', 'namelessmc', 'flarum'] as const;
export type ForumEngine = (typeof FORUM_ENGINES)[number];
export function renderForumPage(
  engine: ForumEngine,
  options: { names: readonly string[]; count: number },
): string {
  return `<!doctype html><title>${engine}</title><p>${options.count} posts</p>`;
}
