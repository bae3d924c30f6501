/** The desktop's work screens (issue 31). */
export const work = {
  placeholder: '即将推出',
} as const;
