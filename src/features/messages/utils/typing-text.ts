/** "Jordan is typing…" while the other person writes (the thread reads it aloud as it changes). */
export function typingText(name: string, typing: boolean) {
  return typing ? `${name} is typing…` : null;
}
