import { BackupError } from '../services/backup/sqlite-backup';

/**
 * The command line shared by `npm run backup` and `npm run restore`: one file and an optional --force;
 * `act` returns what to print. Exit 2 for a usage mistake, 1 for a refusal (its message printed).
 */
export function oneFileCommand(usage: string, act: (file: string, force: boolean) => string): () => Promise<number> {
  return async () => {
    const args = process.argv.slice(2);
    const files = args.filter((arg) => !arg.startsWith('--'));
    const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--force');
    if (files.length !== 1 || unknown.length > 0) {
      console.error(unknown.length > 0 ? `Unknown option ${unknown.join(', ')}.\n${usage}` : usage);
      return 2;
    }
    try {
      console.log(act(files[0] ?? '', args.includes('--force')));
      return 0;
    } catch (error) {
      if (error instanceof BackupError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    }
  };
}
