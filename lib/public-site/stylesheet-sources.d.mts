export declare const STYLESHEET_SOURCES: readonly string[];
export declare const STYLESHEET_ROUTES: readonly string[];
