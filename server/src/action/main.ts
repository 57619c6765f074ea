/** The GitHub Action's entry (action.yml `runs.main`): runs the Action (see run.ts) with the runner's environment. */
import { turnOffYamlDebugOutput } from '../node/yaml-debug';
import { errorCommand, runAction } from './run';

turnOffYamlDebugOutput();
runAction(process.env, { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stdout.write(errorCommand(`internal error: ${err instanceof Error ? err.message : String(err)}`));
    process.exitCode = 2;
  },
);
