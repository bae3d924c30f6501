/** The query keys of templates and clones. */
export const templateKeys = {
  templates: ['templates', 'list'] as const,
  clones: ['templates', 'clones'] as const,
  systems: ['templates', 'systems'] as const,
};
