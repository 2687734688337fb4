// espeak-ng ships JavaScript and WebAssembly without types: an Emscripten module factory.
declare module "espeak-ng" {
  interface ESpeakModule {
    FS: { readFile(path: string): Uint8Array };
  }
  const ESpeakNg: (options: { arguments: string[]; print?: (text: string) => void; printErr?: (text: string) => void }) => Promise<ESpeakModule>;
  export default ESpeakNg;
}
