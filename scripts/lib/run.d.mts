import type { SpawnOptions } from 'node:child_process';

export function keepStdoutForAnswers(): void;
export function run(command: string, args: string[], options?: SpawnOptions): Promise<number>;
export function runOrThrow(command: string, args: string[], options?: SpawnOptions): Promise<void>;
export const npmCommand: string;
