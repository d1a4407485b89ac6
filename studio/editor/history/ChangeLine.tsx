/**
 * One changed field as the Studio shows it (history diffs, conflicts): where, in words, with its
 * JSON pointer for power users, then what changed (describeChange's line).
 */
import { fieldWords } from '../../../domain/tenant-diff';

export interface ChangeRow {
  pointer: string;
  description: string;
}

export function ChangeLine({ change, codeClass }: { change: ChangeRow; codeClass?: string }) {
  const { pointer, description } = change;
  if (!pointer || !description.startsWith(`${pointer} `)) return <>{description}</>;
  return (
    <>
      <strong>{fieldWords(pointer)}</strong> <code className={codeClass}>({pointer})</code>
      {description.slice(pointer.length)}
    </>
  );
}
