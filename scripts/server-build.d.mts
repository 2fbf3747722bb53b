// Types of scripts/server-build.mjs, for the server tests that run the compiled server.
export declare const serverDistDir: string;
export declare function serverBuildIsStale(outdir?: string): boolean;
export declare function buildServer(outdir?: string): Promise<void>;
export declare function ensureServerBuild(outdir?: string): Promise<string>;
