export default function Page() {
  return <main>home</main>;
}
