export function App() {
  return (
    <main>
      <h1>Network Companion</h1>
    </main>
  );
}
