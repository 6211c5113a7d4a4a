//! The `legatus` binary: parse the command line, run, exit with the code the
//! README documents (0 ok, 1 orders refused by the rules, 2 bad input or
//! usage, 3 verification failed).

fn main() {
    let registry = legatus::ruleset::Registry::builtin();
    let code = legatus::cli::run(
        &registry,
        std::env::args_os(),
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    );
    std::process::exit(code);
}
