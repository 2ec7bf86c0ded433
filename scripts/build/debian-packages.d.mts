/** Types of scripts/build/debian-packages.mjs: the one installer of the scripts' Debian packages. */

/** A tool: a command (looked for along PATH, then the sbin folders) or an absolute file (one `*` segment: a version). */
export type DebianTool = ({ command: string; file?: undefined } | { file: string; command?: undefined }) & {
  /** The Debian package that provides it. */
  package: string;
  /** Packages installed alongside (fonts…). */
  with?: string[];
};

export declare const POSTGRESQL_SERVER: { file: string; package: string };
export declare function findCommand(command: string): string | null;
export declare function findFile(pattern: string): string | null;
export declare function processIds(name: string): string[];
export declare function ensureTools(
  tools: DebianTool[],
  options?: { recommends?: boolean; stopStarted?: string[]; log?: (line: string) => void },
): Record<string, string>;
