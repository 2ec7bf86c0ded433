/** Types of scripts/build/standalone-server.mjs: how scripts and tests start the production build. */
import type { ChildProcess, SpawnOptions } from 'node:child_process';

export declare const SERVER: string;
export declare function serverEnv(port: number | string, env?: Record<string, string | undefined>): NodeJS.ProcessEnv;
export declare function startServer(
  port: number | string,
  env?: Record<string, string | undefined>,
  options?: Omit<SpawnOptions, 'env'> & { nodeArgs?: string[] },
): ChildProcess;
