//! Test-only SMTP sink on 127.0.0.1: the protocol state machine is the `mailin` crate
//! (a dev-dependency); this file only runs it over a std `TcpListener`, one
//! connection at a time, for a bounded number of connections.
//!
//! It accepts AUTH PLAIN and/or LOGIN without TLS (loopback only), or after STARTTLS
//! with a certificate given by the test (rustls), checks one user name and password,
//! and hands every delivered message back through a channel.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, TcpListener};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use mailin::{response, Action, AuthMechanism, Handler, Response, Session, SessionBuilder};

/// One message as the sink received it.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub from: String,
    pub to: Vec<String>,
    /// The DATA bytes (headers and body), dot-unstuffed.
    pub data: Vec<u8>,
}

pub struct SmtpSink {
    pub port: u16,
    rx: Receiver<Delivery>,
}

#[derive(Clone)]
struct SinkHandler {
    user: String,
    password: String,
    tx: Sender<Delivery>,
    current: Option<Delivery>,
}

impl SinkHandler {
    fn check(&self, user: &str, password: &str) -> Response {
        if user == self.user && password == self.password {
            response::AUTH_OK
        } else {
            response::INVALID_CREDENTIALS
        }
    }
}

impl Handler for SinkHandler {
    fn data_start(&mut self, _domain: &str, from: &str, _is8bit: bool, to: &[String]) -> Response {
        self.current = Some(Delivery {
            from: from.to_string(),
            to: to.to_vec(),
            data: Vec::new(),
        });
        response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if let Some(d) = self.current.as_mut() {
            d.data.extend_from_slice(buf);
        }
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        if let Some(d) = self.current.take() {
            let _ = self.tx.send(d);
        }
        response::OK
    }

    fn auth_plain(&mut self, _authz: &str, authn: &str, password: &str) -> Response {
        self.check(authn, password)
    }

    fn auth_login(&mut self, username: &str, password: &str) -> Response {
        self.check(username, password)
    }
}

/// How a conversation ended: the client left, or asked for TLS (STARTTLS).
enum End<S> {
    Closed,
    Upgrade(S),
}

/// Answers the client's lines until it leaves or asks for TLS.
fn converse<S: Read + Write, H: Handler>(session: &mut Session<H>, stream: S) -> End<S> {
    let mut reader = BufReader::new(stream);
    let mut line = Vec::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return End::Closed,
            Ok(_) => {}
        }
        let res = session.process(&line);
        let w = reader.get_mut();
        match res.action {
            Action::Reply => {
                if res.write_to(w).is_err() {
                    return End::Closed;
                }
            }
            Action::Close => {
                let _ = res.write_to(w);
                return End::Closed;
            }
            Action::UpgradeTls => {
                let _ = res.write_to(w);
                let _ = w.flush();
                // The client sends nothing more before the handshake: nothing is buffered.
                return End::Upgrade(reader.into_inner());
            }
            Action::NoReply => {}
        }
        let _ = reader.get_mut().flush();
    }
}

impl SmtpSink {
    /// Starts a sink on 127.0.0.1 (a free port) that serves at most
    /// `max_connections` connections, each with a 10 s read timeout, then stops.
    pub fn start(
        user: &str,
        password: &str,
        mechanisms: &[AuthMechanism],
        max_connections: usize,
    ) -> SmtpSink {
        Self::start_with(user, password, mechanisms, max_connections, None)
    }

    /// As [`SmtpSink::start`], offering STARTTLS with `tls` (a rustls server
    /// configuration holding the server's certificate chain and key).
    pub fn start_tls(
        user: &str,
        password: &str,
        mechanisms: &[AuthMechanism],
        max_connections: usize,
        tls: Arc<rustls::ServerConfig>,
    ) -> SmtpSink {
        Self::start_with(user, password, mechanisms, max_connections, Some(tls))
    }

    fn start_with(
        user: &str,
        password: &str,
        mechanisms: &[AuthMechanism],
        max_connections: usize,
        tls: Option<Arc<rustls::ServerConfig>>,
    ) -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = listener.local_addr().unwrap().port();
        let (tx, rx) = channel();
        let mut builder = SessionBuilder::new("sink.test");
        for m in mechanisms {
            builder.enable_auth(m.clone());
        }
        if tls.is_some() {
            builder.enable_start_tls();
        } else {
            builder.insecure_enable_plaintext_auth();
        }
        let handler = SinkHandler {
            user: user.to_string(),
            password: password.to_string(),
            tx,
            current: None,
        };
        thread::spawn(move || {
            for _ in 0..max_connections {
                let Ok((mut stream, peer)) = listener.accept() else {
                    return;
                };
                let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
                let _ = stream.set_write_timeout(Some(Duration::from_secs(10)));
                let ip: IpAddr = peer.ip();
                let mut session = builder.build(ip, handler.clone());
                if session.greeting().write_to(&mut stream).is_err() {
                    continue;
                }
                if let End::Upgrade(tcp) = converse(&mut session, stream) {
                    let Some(cfg) = &tls else { continue };
                    let Ok(conn) = rustls::ServerConnection::new(Arc::clone(cfg)) else {
                        continue;
                    };
                    session.tls_active();
                    let _ = converse(&mut session, rustls::StreamOwned::new(conn, tcp));
                }
            }
        });
        SmtpSink { port, rx }
    }

    /// `smtp://<user>@127.0.0.1:<port>?tls=none`
    pub fn url(&self, user: &str) -> String {
        format!("smtp://{user}@127.0.0.1:{}?tls=none", self.port)
    }

    /// The next delivered message, waiting at most `secs` seconds.
    pub fn recv(&self, secs: u64) -> Option<Delivery> {
        self.rx.recv_timeout(Duration::from_secs(secs)).ok()
    }
}
