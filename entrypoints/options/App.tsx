export function App() {
  return (
    <main>
      <h1>Network Companion options</h1>
    </main>
  );
}
