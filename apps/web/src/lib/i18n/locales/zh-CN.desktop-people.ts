/** The desktop's people screens (issue 31). */
export const people = {
  placeholder: '即将推出',
} as const;
