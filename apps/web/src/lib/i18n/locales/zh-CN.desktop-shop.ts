/** The desktop's shop screens (issue 31). */
export const shop = {
  placeholder: '即将推出',
} as const;
