/** A media source the tools load from a URL: a post's video or a shared chime (a picked file is the other kind). */
export type RemoteSource = { url: string; name: string; label: string };
