export function bundleSizes(dist: string): { entry: number; route(name: string): number | null };
export function allScriptsBytes(dist: string): number;
export function kb(bytes: number): string;
