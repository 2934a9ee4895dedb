export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startUp } = await import("./server/start-up");
    await startUp();
  }
}
