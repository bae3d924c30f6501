/** Characters kept whole at a name's end: what tells "Cloud phone 4" from "Cloud phone 14", or keeps `.apk`. */
const KEPT_END = 8;

/**
 * A name (phone, file, template) on one line. Where space is short it is cut in the middle, never at
 * its end (issue 22): the end is what tells two names apart. The whole name is its tooltip.
 */
export function Name({ value, className }: { value: string; className?: string }) {
  const chars = [...value];
  const classes = `cp-name${className ? ` ${className}` : ''}`;
  if (chars.length <= KEPT_END + 2)
    return (
      <span className={classes} title={value}>
        <span className="cp-name__start">{value}</span>
      </span>
    );
  return (
    <span className={classes} title={value}>
      <span className="cp-name__start">{chars.slice(0, -KEPT_END).join('')}</span>
      <span className="cp-name__end">{chars.slice(-KEPT_END).join('')}</span>
    </span>
  );
}

/** A name for running text (a dialog's question): at most `max` characters, cut in the middle as `Name` is. */
export function shortName(value: string, max = 40): string {
  const chars = [...value];
  if (chars.length <= max) return value;
  return `${chars.slice(0, max - KEPT_END - 1).join('')}…${chars.slice(-KEPT_END).join('')}`;
}
