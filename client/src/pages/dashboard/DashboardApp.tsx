export default function DashboardApp() {
  return <main><h1>Dashboard</h1></main>;
}
